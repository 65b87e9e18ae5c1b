/**
 * The page's cache named `name` (Cache Storage, where files of the site are kept for the next
 * visit, so that they work offline once loaded), where the platform has one (secure contexts);
 * else null. Neither its absence nor a refusal to open it is an error: the files are fetched.
 */
export async function openSiteCache(name: string): Promise<Cache | null> {
  try {
    return 'caches' in self ? await caches.open(name) : null;
  } catch {
    return null;
  }
}
