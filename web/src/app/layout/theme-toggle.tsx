import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { TooltipButton } from '@/components/ui/tooltip';
import { setTheme, toggledTheme, useResolvedTheme } from '@/lib/theme';

export function ThemeToggle() {
  const theme = useResolvedTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <TooltipButton
      label={`Switch to ${next} theme`}
      icon={theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      onClick={() => setTheme(toggledTheme(theme))}
    />
  );
}
