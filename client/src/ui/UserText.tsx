// Text a person wrote (an ad's title, a name, a message) shown inside the page's own language:
// a bidirectional isolate (<bdi dir="auto">) takes its direction from its own first letter, so a
// Latin title reads left to right on an Arabic page and the sentence around it keeps its order;
// and the digit groups of a number ("128 000") are joined by a no-break space, a number
// separator for the Unicode bidirectional algorithm, so that an Arabic title does not show them
// in reverse order ("000 128").

/** "128 000" with a no-break space between its digit groups (what shows is unchanged). */
export function keepDigitGroups(text: string): string {
  return text.replace(/(\d) (?=\d{3}(?!\d))/g, '$1\u00a0');
}

export function UserText({ text }: { text: string }) {
  return <bdi dir="auto">{keepDigitGroups(text)}</bdi>;
}
