/**
 * `load` made to run once: every call shares its promise, kept when it succeeds. After a failure
 * (say, the page's files unreachable) the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
