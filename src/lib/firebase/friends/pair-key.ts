/**
 * The deterministic key of an unordered pair of users: `pairs/{pairKey}` holds the pair's one
 * relationship id, so a second request between the same two people (double click, second tab,
 * both clicking at once) is refused by the rules. The rules compute the same string, so the
 * comparison must stay plain code-unit order, as `<` does in both JavaScript and the rules.
 */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}_${b}` : `${b}_${a}`;
}
