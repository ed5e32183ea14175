// The AI preferences of spec §3, §5, §9: digest frequency, content types (at least one), writing style,
// content length with its word range, language (all 45) and the AI model. Save → "Preferences saved".
import {
  CONTENT_LENGTHS,
  DIGEST_CONTENT_TYPE_INFO,
  DIGEST_CONTENT_TYPES,
  FREQUENCIES,
  type Frequency,
  LANGUAGES,
  PREFERENCE_MODELS,
  type Preferences,
  WRITING_STYLES,
  type WritingStyle,
} from '@contracts/ai';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { PendingButton } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/lib/form';
import { useUpdatePreferences } from '../api/update-preferences';
import { Choice } from './choice';
import {
  type AiPreferencesValues,
  aiPreferencesSchema,
  contentLengthLabels,
  contentLengthRange,
  frequencyHints,
  frequencyLabels,
  toAiPreferencesValues,
  toggleContentType,
  writingStyleLabels,
} from './preference-values';

function SelectField({
  label,
  hint,
  children,
  ...props
}: ComponentProps<typeof Select> & { label: string; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...props}>
        {children}
      </Select>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function AiPreferencesForm({ preferences }: { preferences: Preferences }) {
  const [values, setValues] = useState<AiPreferencesValues>(() => toAiPreferencesValues(preferences));
  const save = useUpdatePreferences();
  const contentTypesError = `${useId()}-error`;

  const set = (next: Partial<AiPreferencesValues>) => setValues((current) => ({ ...current, ...next }));

  const { errors, onSubmit } = useFormSubmit(
    aiPreferencesSchema,
    (data) => {
      save.mutate(data, {
        onSuccess: (saved) => {
          setValues(toAiPreferencesValues(saved));
          toast({ title: 'Preferences saved', description: 'Your AI preferences have been updated.' });
        },
        onError: (error) =>
          toastApiError(error, 'Error saving preferences', 'Your preferences could not be saved. Please try again.'),
      });
    },
    () => values,
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Digest frequency"
          name="frequency"
          value={values.frequency}
          onChange={(event) => set({ frequency: event.target.value as Frequency })}
          hint={frequencyHints[values.frequency]}
        >
          {FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {frequencyLabels[frequency]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Writing style"
          name="writingStyle"
          value={values.writingStyle}
          onChange={(event) => set({ writingStyle: event.target.value as WritingStyle })}
        >
          {WRITING_STYLES.map((style) => (
            <option key={style} value={style}>
              {writingStyleLabels[style]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Language"
          name="language"
          value={values.language}
          onChange={(event) => set({ language: event.target.value })}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {language}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="AI model"
          name="aiModel"
          value={values.aiModel}
          onChange={(event) => set({ aiModel: event.target.value })}
        >
          {PREFERENCE_MODELS.map((model) => (
            <option key={model.id} value={model.id}>
              {model.name}
            </option>
          ))}
        </SelectField>
      </div>

      <fieldset
        className="grid gap-2"
        aria-describedby={errors.contentTypes ? contentTypesError : undefined}
        aria-invalid={errors.contentTypes ? true : undefined}
      >
        <legend className="mb-2 text-sm font-medium">Content types</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {DIGEST_CONTENT_TYPES.map((type) => (
            <Choice
              key={type}
              type="checkbox"
              name="contentTypes"
              value={type}
              checked={values.contentTypes.includes(type)}
              onChange={(event) =>
                set({ contentTypes: toggleContentType(values.contentTypes, type, event.target.checked) })
              }
              title={DIGEST_CONTENT_TYPE_INFO[type].label}
              description={DIGEST_CONTENT_TYPE_INFO[type].description}
            />
          ))}
        </div>
        {errors.contentTypes ? (
          <p id={contentTypesError} className="text-sm font-medium text-destructive">
            {errors.contentTypes}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Content length</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {CONTENT_LENGTHS.map((length) => (
            <Choice
              key={length}
              type="radio"
              name="contentLength"
              value={length}
              checked={values.contentLength === length}
              onChange={() => set({ contentLength: length })}
              title={contentLengthLabels[length]}
              description={contentLengthRange(length)}
            />
          ))}
        </div>
      </fieldset>

      <div className="flex justify-end border-t border-border pt-5">
        <PendingButton type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save Preferences
        </PendingButton>
      </div>
    </form>
  );
}
