export { placeholder } from "@tlir/ir";
