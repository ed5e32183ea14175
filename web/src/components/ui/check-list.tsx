import { CheckIcon } from './icons';

/** A list of what something includes, each line ticked (the plans' features). */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="grid gap-2 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
          {item}
        </li>
      ))}
    </ul>
  );
}
