// Icons only the feeds screens use, drawn like components/ui/icons (24-unit grid, current colour,
// decorative by default).
import { Icon, type IconProps } from '@/components/ui/icons';

export const RefreshIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16M20 20v-4h-4" />
  </Icon>
);

export const CheckCheckIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M2 12.5l4.5 4.5L16 7.5M12 16l1 1 9-9.5" />
  </Icon>
);

export const UploadIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 16V4M7 9l5-5 5 5M5 20h14" />
  </Icon>
);

export const ArrowUpDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4" />
  </Icon>
);
