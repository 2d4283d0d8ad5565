import { NOTICE_ERRORS, type NoticePublishInput, type PublishedNotice } from '@chelian/contracts';
import { scopeParam } from '../../core/accountScope.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import { noticesQueries, type PublicationRow } from './notices.queries.ts';
import { plainTextOf, sanitizeRichText } from './richText.ts';

export const presentPublication = (r: PublicationRow): PublishedNotice => ({
  id: r.id,
  type: r.type,
  title: r.title,
  html: r.html,
  publisher: r.publisher ?? '',
  recipients: r.recipients,
  audience: r.audience,
  readCount: r.read_count,
  created: r.created_at.getTime(),
});

/** 内容发布: publications to accounts of the caller's own subtree, read in their help centres. */
export class NoticeService {
  constructor(private readonly db: Db) {}

  async publish(user: SessionUser, input: NoticePublishInput) {
    const accountIds = [...new Set(input.accountIds)];
    const inScope = await noticesQueries.accountsInScope(this.db, scopeParam(user), accountIds);
    if (inScope.length !== accountIds.length) throw new AppError(NOTICE_ERRORS.accountNotFound);
    const html = sanitizeRichText(input.html);
    const content = plainTextOf(html);
    const title = input.title.trim();
    if (!title || (!content && !/<img\s/i.test(html))) throw new AppError(NOTICE_ERRORS.empty);
    const id = await this.db.tx(async (q) => {
      const publicationId = await noticesQueries.insertPublication(q, {
        accountId: user.accountId,
        userId: user.userId,
        type: input.type,
        title,
        html,
      });
      await noticesQueries.insertMessages(q, { publicationId, accountIds, type: input.type, title, content, html });
      return publicationId;
    });
    return { id, audience: await noticesQueries.audience(this.db, id) };
  }

  page(user: SessionUser, p: { type?: string; limit: number; offset: number }) {
    return noticesQueries.page(this.db, { scope: scopeParam(user), ...p });
  }

  async withdraw(user: SessionUser, id: number) {
    if (!(await noticesQueries.remove(this.db, scopeParam(user), id))) throw new AppError(NOTICE_ERRORS.notFound);
    return id;
  }
}
