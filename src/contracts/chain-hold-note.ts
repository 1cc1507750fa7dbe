/** The longest note an operator writes when releasing a hold (decision 058). Kept apart from the zod contract so the screens can use it without loading zod. */
export const CHAIN_HOLD_NOTE_MAX = 1000;
