// `/rules` (issue 26): the rule editor with its live preview, the person's rules, mute words and saved
// searches. The feeds and categories a rule can look at come from their features, composed here. Editing
// a rule opens it in the same editor, in place of the new one.
import type { Rule } from '@contracts/rules';
import { useRef, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useCategories } from '@/features/categories/api/get-categories';
import { useFeeds } from '@/features/feeds/api/get-feeds';
import { MuteWordsForm } from '@/features/rules/components/mute-words-form';
import { RuleEditor } from '@/features/rules/components/rule-editor';
import { RuleList } from '@/features/rules/components/rule-list';
import { SavedSearchForm } from '@/features/rules/components/saved-search-form';
import { useDocumentTitle } from '@/lib/document-title';

export function Component() {
  useDocumentTitle('Rules');
  const feeds = (useFeeds().data ?? []).map((feed) => ({ id: feed.id, name: feed.name }));
  const categories = useCategories().data ?? [];
  const [editing, setEditing] = useState<Rule | null>(null);
  const editorRef = useRef<HTMLElement>(null);
  const edit = (rule: Rule) => {
    setEditing(rule);
    // On a phone the editor is a screen away from the list.
    editorRef.current?.scrollIntoView({ block: 'start' });
  };
  const names = new Map([
    ...feeds.map((feed) => [`feed:${feed.id}`, feed.name] as const),
    ...categories.map((category) => [`category:${category.id}`, category.name] as const),
  ]);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8">
      <PageHeader
        title="Rules"
        description="Mark read, star, hide or hear about new items that match, with the matches shown as you type."
      />
      <section ref={editorRef} aria-labelledby="new-rule" className="grid scroll-mt-4 gap-3">
        <h2 id="new-rule" className="text-lg font-semibold">
          {editing ? `Edit rule: ${editing.name}` : 'New rule'}
        </h2>
        <RuleEditor
          key={editing?.id ?? 'new'}
          feeds={feeds}
          categories={categories}
          editing={editing}
          onDone={() => setEditing(null)}
        />
      </section>
      <section aria-labelledby="your-rules" className="grid gap-3">
        <h2 id="your-rules" className="text-lg font-semibold">
          Your rules
        </h2>
        <RuleList names={names} editingId={editing?.id ?? null} onEdit={edit} />
      </section>
      <section aria-labelledby="mute" className="grid gap-3">
        <h2 id="mute" className="text-lg font-semibold">
          Mute words
        </h2>
        <MuteWordsForm />
      </section>
      <section aria-labelledby="saved" className="grid gap-3">
        <h2 id="saved" className="text-lg font-semibold">
          Saved searches
        </h2>
        <SavedSearchForm />
      </section>
    </div>
  );
}
