// A run sends to a handful of URLs again and again: each is parsed once, not per request. Bounded, and
// the URL objects handed out are never mutated by their users.
const parsedUrls = new Map<string, URL>();
const PARSED_URLS_KEPT = 256;

export function parsedUrl(href: string): URL {
  let url = parsedUrls.get(href);
  if (url === undefined) {
    if (parsedUrls.size >= PARSED_URLS_KEPT) parsedUrls.clear();
    url = new URL(href);
    parsedUrls.set(href, url);
  }
  return url;
}
