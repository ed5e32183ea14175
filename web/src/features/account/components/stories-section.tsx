// "Group the same story from different feeds" (issue 24), on by default: My Feed, categories and search
// show one card per story, with the other sources on it; off, every item is its own card.
import type { CurrentUser } from '@contracts/auth';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { useUpdateGroupStories } from '../api/update-group-stories';

export function StoriesSection({ user }: { user: CurrentUser }) {
  const update = useUpdateGroupStories();
  return (
    <Card>
      <CardHeader className="gap-3">
        <h2 className="text-lg font-semibold">Reading</h2>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="groupStories"
            checked={update.isPending ? (update.variables ?? user.groupStories) : user.groupStories}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate(event.target.checked, {
                onError: () =>
                  toast({ variant: 'destructive', title: 'Error', description: 'The setting could not be saved' }),
              })
            }
            className="mt-0.5 size-4 accent-primary"
          />
          <span className="grid gap-1">
            <span className="font-medium">Group the same story from different feeds</span>
            <CardDescription>
              One card per story on My Feed, in categories and in search, naming the other sources. A feed's own page
              always shows all of its items.
            </CardDescription>
          </span>
        </label>
      </CardHeader>
    </Card>
  );
}
