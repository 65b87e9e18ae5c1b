/**
 * Scrolls `marked` into sight in every box that scrolls between it and `box` (included),
 * innermost first, leaving a little room above it: a picture capped in presenter mode scrolls
 * to the block under trial rather than the page (`dl-cells`, `dl-sides`).
 */
export function scrollIntoBox(marked: Element, box: Element): void {
  for (let node = marked.parentElement; node; node = node.parentElement) {
    if (node.scrollHeight > node.clientHeight) {
      const top = marked.getBoundingClientRect().top - node.getBoundingClientRect().top;
      node.scrollTop = Math.max(0, node.scrollTop + top - 24);
    }
    if (node === box) break;
  }
}
