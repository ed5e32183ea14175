import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isIgnoredKeyEvent, moveSelection, useItemKeyboard } from './use-item-keyboard';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const handlers = {
  onMove: vi.fn(),
  onOpen: vi.fn(),
  onToggleRead: vi.fn(),
  onToggleStar: vi.fn(),
  onToggleUnreadOnly: vi.fn(),
  onMarkAllRead: vi.fn(),
  onRefresh: vi.fn(),
  onHelp: vi.fn(),
  onReachEnd: vi.fn(),
  onNoNextUnread: vi.fn(),
  onOpenOriginal: vi.fn(),
  onGo: vi.fn(),
};

function List({ count, isRead = [] }: { count: number; isRead?: boolean[] }) {
  const { activeIndex } = useItemKeyboard(count, handlers, isRead);
  return <output data-active={activeIndex} />;
}

let container: HTMLDivElement;
let root: Root;

const active = () => Number(container.querySelector('output')?.dataset.active);
function press(key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<List count={3} />));
});

afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('keyboard shortcuts on item lists', () => {
  it('moves with j and k, stopping at both ends, and asks for more at the end', () => {
    expect(active()).toBe(-1);
    press('j');
    expect(active()).toBe(0);
    expect(handlers.onMove).toHaveBeenLastCalledWith(0);
    press('j');
    press('j');
    expect(active()).toBe(2);
    expect(handlers.onReachEnd).toHaveBeenCalled();
    press('j');
    expect(active()).toBe(2);
    press('k');
    press('k');
    press('k');
    expect(active()).toBe(0);
  });

  it('opens, toggles read, refreshes and shows help', () => {
    press('o');
    expect(handlers.onOpen).not.toHaveBeenCalled(); // nothing selected yet
    press('j');
    press('j');
    press('o');
    expect(handlers.onOpen).toHaveBeenCalledWith(1);
    press('m');
    expect(handlers.onToggleRead).toHaveBeenCalledWith(1);
    press('s');
    expect(handlers.onToggleStar).toHaveBeenCalledWith(1);
    press('r');
    expect(handlers.onRefresh).toHaveBeenCalledTimes(1);
    press('?');
    expect(handlers.onHelp).toHaveBeenCalledTimes(1);
  });

  it('toggles unread only with u and marks all as read with Shift+A, not with a', () => {
    press('u');
    expect(handlers.onToggleUnreadOnly).toHaveBeenCalledTimes(1);
    press('a');
    expect(handlers.onMarkAllRead).not.toHaveBeenCalled();
    press('A', document.body, { shiftKey: true });
    expect(handlers.onMarkAllRead).toHaveBeenCalledTimes(1);
  });

  it('ignores keys typed into fields, with modifiers, or while a dialog is open', () => {
    const input = document.createElement('input');
    document.body.append(input);
    press('j', input);
    press('r', input);
    expect(active()).toBe(-1);
    expect(handlers.onRefresh).not.toHaveBeenCalled();

    press('j', document.body, { ctrlKey: true });
    press('r', document.body, { metaKey: true });
    expect(active()).toBe(-1);
    expect(handlers.onRefresh).not.toHaveBeenCalled();

    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    press('j');
    expect(active()).toBe(-1);
    dialog.remove();
    press('j');
    expect(active()).toBe(0);
  });

  it('moves to the next unread item with n, and says when there is none after the selection', () => {
    act(() => root.render(<List count={4} isRead={[false, true, false, true]} />));
    press('n');
    expect(active()).toBe(0);
    press('n');
    expect(active()).toBe(2);
    press('n');
    expect(active()).toBe(2);
    expect(handlers.onNoNextUnread).toHaveBeenCalledTimes(1);
  });

  it('opens the original with v and goes places with g then a, s or u (u alone toggles unread only)', () => {
    press('v');
    expect(handlers.onOpenOriginal).not.toHaveBeenCalled();
    press('j');
    press('v');
    expect(handlers.onOpenOriginal).toHaveBeenCalledWith(0);
    press('g');
    press('s');
    expect(handlers.onGo).toHaveBeenLastCalledWith('starred');
    press('g');
    press('u');
    expect(handlers.onGo).toHaveBeenLastCalledWith('unread');
    expect(handlers.onToggleUnreadOnly).not.toHaveBeenCalled();
    press('g');
    press('a');
    expect(handlers.onGo).toHaveBeenLastCalledWith('all');
    expect(handlers.onGo).toHaveBeenCalledTimes(3);
  });

  it('completes g then a once when two lists listen at once (one leaving as the next arrives)', () => {
    const second = document.createElement('div');
    document.body.append(second);
    const secondRoot = createRoot(second);
    act(() => secondRoot.render(<List count={2} />));
    try {
      press('g');
      press('a');
      expect(handlers.onGo).toHaveBeenCalledTimes(1);
      expect(handlers.onGo).toHaveBeenLastCalledWith('all');
      press('u');
      expect(handlers.onToggleUnreadOnly).toHaveBeenCalledTimes(1);
    } finally {
      act(() => secondRoot.unmount());
    }
  });

  it('keeps the selection inside a list that shrank', () => {
    press('j');
    press('j');
    press('j');
    act(() => root.render(<List count={1} />));
    expect(active()).toBe(0);
  });
});

describe('moveSelection', () => {
  it('starts at the first item and clamps', () => {
    expect(moveSelection(-1, 'previous', 4)).toBe(0);
    expect(moveSelection(3, 'next', 4)).toBe(3);
    expect(moveSelection(0, 'next', 0)).toBe(-1);
  });
});

describe('isIgnoredKeyEvent', () => {
  it('treats textareas, selects and editable content as typing', () => {
    for (const tag of ['textarea', 'select']) {
      const element = document.createElement(tag);
      document.body.append(element);
      const event = new KeyboardEvent('keydown', { key: 'j', bubbles: true });
      Object.defineProperty(event, 'target', { value: element });
      expect(isIgnoredKeyEvent(event)).toBe(true);
    }
  });
});
