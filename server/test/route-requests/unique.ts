let counter = 0;

/** A name no other request of the run uses: `${prefix}${n}`. */
export function unique(prefix: string) {
  counter += 1;
  return `${prefix}${counter}`;
}
