/**
 * The types of `#keyboard-layouts` (auth-core's package.json "imports"): the keyboard layouts
 * module of @zxcvbn-ts/language-common, whose package types only its index. Each layout maps a
 * key (its unshifted and shifted characters) to its neighbours, null where the keyboard has none.
 */
type Layout = Readonly<Record<string, ReadonlyArray<string | null>>>;

declare const layouts: Readonly<Record<"qwerty" | "qwertz" | "azerty" | "dvorak" | "keypad" | "keypadMac", Layout>>;
export default layouts;
