import type { Page } from "@playwright/test";
import { PASSWORD } from "./fixtures";

/** Log in through the form of the page on screen (/login): email, password, 'Log In'. */
export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}
