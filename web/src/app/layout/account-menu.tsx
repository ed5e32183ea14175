// The account menu of the top bar (spec §2): headed "My Account", with Account (issue 14), Preferences, Admin
// Dashboard (admin only) and Logout. It shows the name given at sign-up (issue 27: it showed the email), and
// the avatar its first two characters, upper-cased (spec §2's rule, applied to the name shown).
import type { CurrentUser } from '@contracts/auth';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuButton,
  DropdownMenuLabel,
  DropdownMenuLink,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu';
import { ChevronDownIcon, LogOutIcon, ShieldIcon, SlidersIcon, UserIcon } from '@/components/ui/icons';
import { toast, toastApiError } from '@/components/ui/toast-store';
import { useLogout } from '@/features/auth/api/logout';
import { paths } from '@/lib/paths';

export function AccountMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const shownName = user.name.trim() || user.username;
  const logout = useLogout({
    onSuccess: () => {
      toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
      navigate(paths.auth.login, { replace: true });
    },
    onError: (error) => toastApiError(error, 'Logout failed', error.message),
  });

  return (
    <DropdownMenu
      triggerClassName="flex items-center gap-2 rounded-full p-1 hover:bg-accent sm:pr-2"
      trigger={
        <>
          {/* The initials are drawn by CSS, so the button's name is the username a person sees, plus
              "account menu" (voice control: "click Ada Lovelace" must work). */}
          <span
            aria-hidden="true"
            data-initials={shownName.slice(0, 2).toUpperCase()}
            className="grid size-8 place-items-center rounded-full bg-primary text-xs font-semibold text-primary-foreground before:content-[attr(data-initials)]"
          />
          <span className="hidden max-w-48 truncate text-sm font-medium sm:inline">{shownName}</span>
          <span className="sr-only"> account menu</span>
          <ChevronDownIcon aria-hidden="true" className="hidden size-4 text-muted-foreground sm:block" />
        </>
      }
    >
      <DropdownMenuLabel>
        My Account
        <span className="block truncate text-xs font-normal text-muted-foreground">{user.email}</span>
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuLink to={paths.account}>
        <UserIcon /> Account
      </DropdownMenuLink>
      <DropdownMenuLink to={paths.preferences}>
        <SlidersIcon /> Preferences
      </DropdownMenuLink>
      {user.isAdmin ? (
        <DropdownMenuLink to={paths.admin}>
          <ShieldIcon /> Admin Dashboard
        </DropdownMenuLink>
      ) : null}
      <DropdownMenuSeparator />
      <DropdownMenuButton onSelect={() => logout.mutate()} disabled={logout.isPending}>
        <LogOutIcon /> Logout
      </DropdownMenuButton>
    </DropdownMenu>
  );
}
