// The one form an http(s) address takes once read from a file, a setting or a link. @huggingface/inference
// recognises an endpoint only by a lower-case `http://` or `https://` prefix (anything else becomes a model
// id sent to the Hugging Face router, prompt included), so every address is handed on exactly as the URL
// standard writes it out: scheme and host in lower case, no surrounding spaces.

export type HttpUrlCheck = { ok: true; url: string } | { ok: false; reason: "not-http" | "credentials"; message: string };

const NOT_HTTP = { ok: false, reason: "not-http", message: "must be an http(s) URL" } as const;

export function normalizeHttpUrl(value: string): HttpUrlCheck {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return NOT_HTTP;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return NOT_HTTP;
  // A password in the address would be copied into every record, export and log; fetch refuses such
  // URLs anyway. Scenario files and links hold no secrets.
  if (url.username !== "" || url.password !== "") {
    return { ok: false, reason: "credentials", message: "must not contain a user name or password (user:pass@): credentials in a URL would be written into every record and export" };
  }
  return { ok: true, url: url.href };
}
