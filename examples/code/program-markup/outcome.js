// The input is a program, not data: the source of removeHtmlMarkup. Like the Debugging Book's
// test of remove_html_markup, compile it and check that '"foo"' comes back unchanged (it has no
// markup). As the book does for its syntax trees, first check that the function still strips
// a tag: else a function that returns nothing would "fail" the quote test too.
export function outcome(source) {
  let removeHtmlMarkup;
  try {
    removeHtmlMarkup = new Function(`${source}\nreturn removeHtmlMarkup;`)();
  } catch {
    // It no longer compiles, or no longer defines the function: the test cannot run.
    return 'INVALID';
  }
  if (typeof removeHtmlMarkup !== 'function') return 'INVALID';
  try {
    // Missing functionality is another bug, not the one chased.
    if (removeHtmlMarkup('<foo>bar</foo>') !== 'bar') return 'INVALID';
    return removeHtmlMarkup('"foo"') === '"foo"' ? 'PASS' : 'FAIL';
  } catch {
    // It compiles but throws (a variable it uses was deleted): not the failure chased either.
    return 'INVALID';
  }
}
