import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './load-more';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The viewport as the browser reports it: `inView` says whether the end of the list is near it, and
 * each observe() reports that at once, as IntersectionObserver does.
 */
let inView = true;
class ViewportObserver {
  constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.report([{ isIntersecting: inView }]);
  }
  disconnect() {}
}

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  inView = true;
  vi.stubGlobal('IntersectionObserver', ViewportObserver);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const renderEnd = (loadedPages: number, onVisible: () => void) =>
  act(() =>
    root.render(
      <LoadMore onVisible={onVisible} loadedPages={loadedPages}>
        <button type="button">Load more</button>
      </LoadMore>,
    ),
  );

describe('the end of a list that loads more', () => {
  it('asks for the next page again when a page came back empty and the end is still in view', () => {
    const onVisible = vi.fn();
    renderEnd(1, onVisible);
    expect(onVisible).toHaveBeenCalledTimes(1);
    // The page it asked for held nothing (a search window of older rows without a match): no click needed.
    renderEnd(2, onVisible);
    expect(onVisible).toHaveBeenCalledTimes(2);
  });

  it('waits for scrolling once a page pushed the end out of view', () => {
    const onVisible = vi.fn();
    renderEnd(1, onVisible);
    inView = false;
    renderEnd(2, onVisible);
    expect(onVisible).toHaveBeenCalledTimes(1);
  });
});
