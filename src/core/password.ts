/** Password length rules (spec §5), apart from signup so that screens that only need these do not load signup's phone rules. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
