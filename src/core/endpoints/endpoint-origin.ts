// An endpoint's origin, the unit its key is kept and sent by: apart from auth-headers.ts so a settings
// page can use it without the inference library.

/** `http://127.0.0.1:8000`, the form keys are saved under; null for anything that is not http(s). */
export function endpointOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}
