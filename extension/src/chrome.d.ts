// The few WebExtension APIs Feedloom's extension uses, typed by hand (no @types/chrome dependency).
// Chromium and Firefox both offer these under `chrome` with promises in Manifest V3; Firefox also
// offers them under `browser`. Only the members called here are declared.

declare namespace WebExtension {
  interface Tab {
    id?: number;
    url?: string;
  }

  interface MessageSender {
    tab?: Tab;
    id?: string;
    /** Chromium 106+: "active", or "prerender", "cached", "pending_deletion" for a page not shown. */
    documentLifecycle?: string;
  }

  interface Event<Listener> {
    addListener(listener: Listener): void;
  }

  /** Return true to answer later through sendResponse (the form both browsers support). */
  type MessageListener = (
    message: unknown,
    sender: MessageSender,
    sendResponse: (response: unknown) => void,
  ) => boolean | undefined;

  interface StorageChange {
    newValue?: unknown;
    oldValue?: unknown;
  }

  interface StorageArea {
    get(keys: string | string[] | null): Promise<Record<string, unknown>>;
    set(items: Record<string, unknown>): Promise<void>;
    remove(keys: string | string[]): Promise<void>;
  }

  interface Api {
    runtime: {
      sendMessage(message: unknown): Promise<unknown>;
      openOptionsPage(): Promise<void>;
      getURL(path: string): string;
      onMessage: Event<MessageListener>;
      onInstalled: Event<(details: { reason: string }) => void>;
    };
    tabs: {
      query(query: { active?: boolean; currentWindow?: boolean }): Promise<Tab[]>;
      create(properties: { url: string; active?: boolean }): Promise<Tab>;
      sendMessage(tabId: number, message: unknown): Promise<unknown>;
      onRemoved: Event<(tabId: number) => void>;
      onUpdated: Event<(tabId: number, changeInfo: { status?: string; url?: string }) => void>;
    };
    action: {
      setBadgeText(details: { text: string; tabId?: number }): Promise<void>;
      setBadgeBackgroundColor(details: { color: string; tabId?: number }): Promise<void>;
    };
    storage: {
      sync: StorageArea;
      session: StorageArea;
      onChanged: Event<(changes: Record<string, StorageChange>, areaName: string) => void>;
    };
  }
}

declare var chrome: WebExtension.Api | undefined;
declare var browser: WebExtension.Api | undefined;
