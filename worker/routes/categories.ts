// Categories (spec §7): list, create, the sidebar's categories with feeds and unread counts, one, rename, delete.
import { Hono } from 'hono';
import * as z from 'zod';
import { categoryNameSchema } from '../contracts/feeds';
import { idSchema } from '../contracts/ids';
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  listCategoriesWithFeeds,
  renameCategory,
} from '../db/categories';
import type { AuthedEnv } from '../env';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';

const categoryParam = validate('param', z.object({ categoryId: idSchema('Invalid category ID') }));

export const categoryRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await listCategories(c.var.peopleDb, c.var.user.id)))
  .post('/', validate('json', categoryNameSchema), async (c) =>
    c.json(await createCategory(c.var.peopleDb, c.var.user.id, c.req.valid('json').name), 201),
  )
  .get('/with-feeds', async (c) => c.json(await listCategoriesWithFeeds(c.var.peopleDb, c.var.user.id, c.var.reader)))
  .get('/:categoryId', categoryParam, async (c) =>
    c.json(await getCategory(c.var.peopleDb, c.var.user.id, c.req.valid('param').categoryId)),
  )
  .patch('/:categoryId', categoryParam, validate('json', categoryNameSchema), async (c) =>
    c.json(
      await renameCategory(c.var.peopleDb, c.var.user.id, c.req.valid('param').categoryId, c.req.valid('json').name),
    ),
  )
  .delete('/:categoryId', categoryParam, async (c) => {
    await deleteCategory(c.var.peopleDb, c.var.user.id, c.req.valid('param').categoryId);
    return c.json({ message: 'Category deleted' });
  });
