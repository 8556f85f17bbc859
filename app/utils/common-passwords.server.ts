/**
 * The passwords people pick most, from breach corpora: the 49,000-entry list of zxcvbn-ts
 * (`@zxcvbn-ts/language-common`, MIT), loaded on first use so it costs nothing until someone
 * chooses a password.
 */
type Dictionary = Record<string, string[]>;
let list: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  list ??= import("@zxcvbn-ts/language-common").then((m) => {
    // The ES module names `dictionary`; bundled as CommonJS (the release) it sits on `default`.
    const mod = m as unknown as { dictionary?: Dictionary; default?: { dictionary: Dictionary } };
    const dictionary = mod.dictionary ?? mod.default?.dictionary;
    if (!dictionary) throw new Error("the common-password list did not load");
    return new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  });
  return list;
}

export const COMMON_PASSWORD = "This password is too common. Choose one that is harder to guess.";

/** True when the password (ignoring case) is on the list of common and breached passwords. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize("NFC").toLowerCase());
}
