import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY_MS, TooltipButton } from './tooltip';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const onClick = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<TooltipButton label="Switch to dark theme" icon={<svg />} onClick={onClick} />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const button = () => container.querySelector('button') as HTMLButtonElement;
const tooltip = () => container.querySelector('[role="tooltip"]') as HTMLElement;
const fire = (type: string, init: EventInit & { key?: string } = {}) =>
  act(() => {
    const event =
      type === 'keydown' ? new KeyboardEvent(type, { bubbles: true, ...init }) : new Event(type, { bubbles: true });
    button().dispatchEvent(event);
  });

describe('TooltipButton', () => {
  it('is named by its tooltip, so what people read and what screen readers say are the same', () => {
    expect(button().getAttribute('aria-labelledby')).toBe(tooltip().id);
    expect(tooltip().textContent).toBe('Switch to dark theme');
    expect(tooltip().hidden).toBe(true);
  });

  it('shows the tooltip 700 ms after focus (spec §9), not before, and Escape hides it', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    act(() => button().focus());
    act(() => vi.advanceTimersByTime(699));
    expect(tooltip().hidden).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(tooltip().hidden).toBe(false);
    fire('keydown', { key: 'Escape' });
    expect(tooltip().hidden).toBe(true);
  });

  it('shows on a resting pointer, hides when it leaves, and never shows for a pointer passing by', () => {
    fire('pointerover');
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(tooltip().hidden).toBe(false);
    fire('pointerout');
    expect(tooltip().hidden).toBe(true);
    fire('pointerover');
    act(() => vi.advanceTimersByTime(500));
    fire('pointerout');
    act(() => vi.advanceTimersByTime(1000));
    expect(tooltip().hidden).toBe(true);
  });
});
