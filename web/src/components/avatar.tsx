import { useState, type ReactElement } from "react";

/** "Ada Lovelace" → "AL", "ada@example.com" → "A". */
function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? [words[0]!, words.at(-1)!].slice(0, words.length > 1 ? 2 : 1).map((w) => w[0]!) : [email[0] ?? "?"];
  return letters.join("").toUpperCase();
}

/**
 * The person's picture, or their initials when there is none or it does not load (never the
 * browser's broken-image icon). Decorative: the name is given beside it or in its title.
 */
export function Avatar({ name, email, image, size = 32 }: { name: string; email: string; image: string | null; size?: number }): ReactElement {
  const [broken, setBroken] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (image && broken !== image) {
    return <img className="avatar" src={image} alt="" width={size} height={size} referrerPolicy="no-referrer" onError={() => setBroken(image)} />;
  }
  return (
    <span className="avatar avatar-initials" aria-hidden="true" style={style} data-testid="avatar-initials">
      {initialsOf(name, email)}
    </span>
  );
}
