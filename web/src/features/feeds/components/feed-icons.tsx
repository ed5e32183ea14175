// Icons only the feeds screens use, drawn like components/ui/icons (24-unit grid, current colour,
// decorative by default).
import { Icon, type IconProps } from '@/components/ui/icons';

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
