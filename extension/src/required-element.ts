// The popup's and options page's elements by id, typed, failing loudly when the HTML and script drift.

export function requiredElement<T extends HTMLElement>(id: string, type: abstract new () => T): T {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`#${id} is missing or is not a ${type.name}`);
  return node;
}
