// The language selector of the feed and category pages (spec §4 "Language choice"): starts from the
// saved preference and saves each change at once. Failure: "Failed to update language preference".
import { LANGUAGES, type Language } from '@contracts/ai';
import { LanguagesIcon } from '@/components/ui/icons';
import { Select } from '@/components/ui/select';
import { toastApiError } from '@/components/ui/toast-store';
import { useLanguagePreference, useUpdateLanguage } from '../api/language-preference';

export function LanguageSelect() {
  const language = useLanguagePreference();
  const update = useUpdateLanguage();
  return (
    <div className="flex items-center gap-2">
      <LanguagesIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <Select
        aria-label="Summary language"
        value={language}
        onChange={(event) =>
          update.mutate(event.target.value as Language, {
            onError: (error) =>
              toastApiError(
                error,
                'Failed to update language preference',
                'There was an error updating your language preference.',
              ),
          })
        }
        className="w-48"
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
    </div>
  );
}
