import type { Config } from "../env";

/** What EmailJS's REST API calls a client library version; any recent value is accepted. */
export const EMAILJS_LIB_VERSION = "4.4.1";

export interface EmailJsMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * SPEC §7: POST {apiUrl}/api/v1.0/email/send with JSON lib_version, user_id, service_id,
 * template_id, template_params{from_name, from_email, subject, message, to_name}.
 * A 200 status or 'OK' text is success; anything else throws (and the message is retried).
 */
export async function sendViaEmailJs(
  config: Pick<Config, "emailjs" | "siteName">,
  message: EmailJsMessage,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const { apiUrl, serviceId, templateId, publicKey, privateKey } = config.emailjs;
  if (!serviceId || !templateId || !publicKey) {
    throw new Error("EmailJS is not fully configured (service id, template id and public key are needed).");
  }
  const body = {
    lib_version: EMAILJS_LIB_VERSION,
    user_id: publicKey,
    service_id: serviceId,
    template_id: templateId,
    template_params: {
      from_name: message.name,
      from_email: message.email,
      subject: message.subject,
      message: message.message,
      to_name: config.siteName,
    },
    ...(privateKey ? { accessToken: privateKey } : {}),
  };
  const res = await fetchImpl(`${apiUrl}/api/v1.0/email/send`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text().catch(() => "");
  if (res.status === 200 || text.trim() === "OK") return;
  throw new Error(`EmailJS answered ${res.status}: ${text.slice(0, 200)}`);
}
