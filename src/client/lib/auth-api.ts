import type { Viewer } from "../../common/types";
import { api } from "./api";

// The server calls of SPEC §7 "Auth": login, logout, register, resetPassword, and the session.

export async function fetchViewer(): Promise<Viewer | null> {
  return (await api<{ viewer: Viewer | null }>("/api/session")).viewer;
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  await api("/api/auth/sign-in/email", { method: "POST", body: { email, password } });
}

export async function signOutRequest(): Promise<void> {
  await api("/api/auth/sign-out", { method: "POST", body: {} });
}

/** Registers and stores the display name in one call; does not sign in (the screen sends people to /login). */
export async function registerAccount(email: string, password: string, displayName: string): Promise<void> {
  await api("/api/auth/sign-up/email", { method: "POST", body: { email, password, name: displayName } });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await api("/api/auth/request-password-reset", { method: "POST", body: { email } });
}

export async function resetPasswordWithToken(token: string, newPassword: string): Promise<void> {
  await api("/api/auth/reset-password", { method: "POST", body: { token, newPassword } });
}
