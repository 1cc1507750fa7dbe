import { z } from 'zod';
import { text } from './text';

export const localeSchema = z.enum(['fr', 'en', 'es']);

/**
 * POST /api/accounts/signup. Fields are loosely typed on purpose: the service checks each rule
 * of spec §5 and answers with its own code (fields_required, invalid_email…), not a generic 400.
 */
export const signupBody = z.object({
  firstName: text(200).default(''),
  lastName: text(200).default(''),
  username: text(200).default(''),
  email: text(320).default(''),
  password: text(1000).default(''),
  confirmPassword: text(1000).default(''),
  birthDate: text(20).default(''),
  country: text(10).default(''),
  phone: text(40).default(''),
  acceptTerms: z.boolean().default(false),
  locale: localeSchema.optional(),
});
export type SignupBody = z.input<typeof signupBody>;

export const signupResult = z.object({ uid: z.string() });
export type SignupResult = z.infer<typeof signupResult>;

export const loginBody = z.object({
  email: text(320).default(''),
  password: text(1000).default(''),
  remember: z.boolean().optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginResult = z.object({ twoFactorRequired: z.boolean() });
export type LoginResult = z.infer<typeof loginResult>;

export const twoFactorBody = z.object({
  code: text(64),
  recovery: z.boolean().optional(),
  trustDevice: z.boolean().optional(),
});

export const sessionItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export const sessionList = z.object({ sessions: z.array(sessionItem) });
export type SessionList = z.infer<typeof sessionList>;

export const passwordChangeBody = z.object({
  currentPassword: text(1000),
  newPassword: text(1000),
  confirmPassword: text(1000),
});

export const forgotPasswordBody = z.object({ email: text(320) });

export const resetPasswordBody = z.object({
  token: text(500).min(1),
  newPassword: text(1000),
  confirmPassword: text(1000),
});

export const passwordBody = z.object({ password: text(1000) });
export const codeBody = z.object({ code: text(64) });

export const twoFactorSetup = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const localeBody = z.object({ locale: localeSchema });

export const ok = z.object({ ok: z.literal(true) });
