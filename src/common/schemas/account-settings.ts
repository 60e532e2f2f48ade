import { z } from "zod";
import { ACCOUNT_MESSAGES, DisplayNameSchema, NewPasswordSchema, PasswordSchema } from "./account";

/** /profile: change the display name (Better Auth's /update-user, checked by AccountBodySchemas). */
export const DisplayNameFormSchema = z.object({ name: DisplayNameSchema });

export const PASSWORD_CHANGE_MESSAGES = {
  currentWrong: "Current password is incorrect.",
  changed: "Password changed.",
} as const;

/** /profile: change the password (Better Auth's /change-password), with the confirmation. */
export const ChangePasswordFormSchema = z
  .object({ currentPassword: PasswordSchema, newPassword: NewPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
  });
