import { placeholder } from "./index.js"; console.log(placeholder);
