// The public surface of @tlir/conversion-tl-to-krnl: the lowering of tensor-language kernels to krnl loop nests
// (docs/lowering-tl-to-krnl.md).
export { TL_TO_KRNL_OPTIONS, optionsAndScheduleProblem, optionsProblemOf, packedGroupsProblem, workGroupSizeProblem, type TlToKrnlOptions } from './options.js';
export { MAX_INVOCATIONS, MAX_WORK_GROUP_SIZE_X, MAX_WORK_GROUP_SIZE_Y } from './limits.js';
export { TlToKrnlPass, lowerTlToKrnl } from './tl-to-krnl-pass.js';
export { tlToKrnlTypeConverter } from './type-conversion.js';
export { MAX_UNROLLED_REGISTERS } from './reduction-schedule.js';
export { RequireLoweredTlPass, firstTlOp } from './require-lowered-pass.js';
export { KERNEL_ONLY_OPTIONS, parseScheduleFile, type ScheduleFile, type ScheduleError } from './schedule-file.js';
export { SCHEDULE_ATTR, planSchedules } from './schedule-plan.js';
export { collectiveScheduleProblem } from './schedule-applicability.js';
export { ScheduleRecorder, scheduleWarnings } from './schedule-report.js';
export type { LoweringHooks } from './tl-to-krnl-pass.js';
export { chooseWorkGroupSize } from './work-group-size.js';
