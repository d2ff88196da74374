// A card's avatar, with Radix Themes' avatar classes (the same look) but none of its components:
// the board shows dozens, and Radix's avatar settles on "no picture" in a layout effect, which
// rendered every card's avatar a second time before the board could paint.
import { useState } from 'react';
import { initials } from '../model/initials.ts';

const letterClass = (letters: string) =>
  letters.length === 1 ? ' rt-one-letter' : letters.length === 2 ? ' rt-two-letters' : '';

/**
 * The picture once it has loaded; until then an empty disc, and the initials when there is no
 * picture or it cannot be loaded (as Radix Themes' Avatar shows them).
 */
export function CardAvatar({ name, src }: { name: string; src: string | null }) {
  // Which picture has loaded or failed: a new address starts over.
  const [settled, setSettled] = useState<{ src: string; loaded: boolean } | null>(null);
  const status =
    src === null ? 'none' : settled?.src !== src ? 'loading' : settled.loaded ? 'loaded' : 'failed';
  const letters = initials(name);
  return (
    <span
      className="rt-reset rt-AvatarRoot rt-r-size-1 rt-variant-soft"
      data-radius="full"
      data-accent-color=""
    >
      {status !== 'loaded' && (
        <span className={`rt-AvatarFallback${letterClass(letters)}`}>
          {status === 'loading' ? null : letters}
        </span>
      )}
      {src !== null && status !== 'failed' && (
        <img
          className="rt-AvatarImage"
          src={src}
          alt=""
          hidden={status !== 'loaded'}
          onLoad={() => setSettled({ src, loaded: true })}
          onError={() => setSettled({ src, loaded: false })}
        />
      )}
    </span>
  );
}
