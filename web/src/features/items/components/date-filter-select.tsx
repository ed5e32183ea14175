import { type DateFilter, dateFilterLabels, dateFilters } from '@contracts/feeds';
import { Select } from '@/components/ui/select';

/** The item lists' date filter (spec §2): all time, today, yesterday, the last 7 or 30 days. */
export function DateFilterSelect({ value, onChange }: { value: DateFilter; onChange: (value: DateFilter) => void }) {
  return (
    <Select
      aria-label="Date filter"
      value={value}
      onChange={(event) => onChange(event.target.value as DateFilter)}
      className="w-36"
    >
      {dateFilters.map((filter) => (
        <option key={filter} value={filter}>
          {dateFilterLabels[filter]}
        </option>
      ))}
    </Select>
  );
}
