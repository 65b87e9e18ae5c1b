/** A file name from a workspace's lesson name (which may come from a link): letters, digits, dashes. */
export function fileName(base: string, fallback: string, suffix: string): string {
  const safe = base
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${safe || fallback}${suffix}`;
}

/** Saves `text` as a file the browser downloads. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
