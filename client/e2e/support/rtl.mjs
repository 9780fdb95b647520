// What only a real browser can tell about right-to-left pages: where the characters of a text
// land on the screen once Chromium has applied the Unicode bidirectional algorithm, and on
// how many lines a text is laid out.

/**
 * Whether the part of the text of `locator` that `pattern` matches (a regular expression's
 * source; the whole first text node by default) is laid out left to right on the screen: each
 * character other than a space starts to the right of the one before it. A price "196 000 DH"
 * reordered by an Arabic line ("DH 000 196") is not, nor a longitude "-7.59" shown "7.59-";
 * isolated ones are. False when nothing matches.
 */
export function readsLeftToRight(locator, pattern = '^[\\s\\S]+$') {
  return locator.evaluate(
    (element, source) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const match = new RegExp(source).exec(text);
        if (!match) continue;
        const range = document.createRange();
        let previous = -Infinity;
        for (let i = match.index; i < match.index + match[0].length; i += 1) {
          // Spaces and the invisible isolate marks have no place of their own to compare.
          if (/[\s\u2066-\u2069]/.test(text[i] ?? '')) continue;
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const { left } = range.getBoundingClientRect();
          if (left <= previous) return false;
          previous = left;
        }
        return true;
      }
      return false;
    },
    pattern,
  );
}

/** On how many lines the text of `locator` is laid out. */
export function linesOf(locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    // One rectangle per line and per direction run; the runs of one line (Arabic and Latin
    // fonts differ a little in height) start within half a line of each other.
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0).sort((a, b) => a.top - b.top);
    let lines = 0;
    let lineTop = -Infinity;
    for (const rect of rects) {
      if (rect.top - lineTop > rect.height / 2) {
        lines += 1;
        lineTop = rect.top;
      }
    }
    return lines;
  });
}

/** Whether the page is wider than its window (it scrolls sideways). */
export function scrollsSideways(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
