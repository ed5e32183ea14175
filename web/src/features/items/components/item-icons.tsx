// Icons only the item lists use, drawn like components/ui/icons (24-unit grid, current colour,
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
