import { readFileSync } from 'node:fs';
import { crudRepo, DEMO_TENANT, SEED, type ServerContext, sniffImage, storeFile, type Tx } from '../../../core/sdk/server';
import { DISABLED, ENABLED } from '../company/entity';
import { ALL_COMPANIES, CHOSEN_COMPANIES, festivalEntity } from './entity';

/**
 * The demo festivals of each demo tenant: the coming traditional festivals with greetings and posters,
 * one disabled, and one festival of a single company. A lunar festival moves on the solar calendar: its
 * name says so, and its date is the coming year's (the dates are month-days that repeat, so they are
 * to be moved each year).
 */

interface DemoFestival {
  name: string;
  date: string;
  greeting: string;
  poster: string;
  /** The one company it is for (by name); absent: all companies. */
  company?: string;
  status?: number;
}

const TRADITIONAL: DemoFestival[] = [
  { name: '元旦', date: '01-01', poster: 'poster-1.jpg', greeting: '新年新气象！感谢您一年来的信任与支持，祝您元旦快乐，万事顺遂。' },
  { name: '春节（农历正月初一）', date: '02-06', poster: 'poster-2.jpg', greeting: '爆竹声中辞旧岁，祝您新春快乐、阖家幸福、财源广进！' },
  { name: '元宵节（农历正月十五）', date: '02-20', poster: 'poster-3.jpg', greeting: '月圆人团圆，祝您元宵节快乐，生活甜甜蜜蜜。' },
  { name: '劳动节', date: '05-01', poster: 'poster-4.jpg', greeting: '致敬每一位奋斗者！劳动节快乐，愿您假期轻松愉快。' },
  { name: '端午节（农历五月初五）', date: '06-09', poster: 'poster-5.jpg', greeting: '粽叶飘香，龙舟竞渡，祝您端午安康！' },
  { name: '中秋节（农历八月十五）', date: '09-15', poster: 'poster-6.jpg', greeting: '但愿人长久，千里共婵娟。祝您中秋快乐，花好月圆。' },
  { name: '国庆节', date: '10-01', poster: 'poster-1.jpg', greeting: '山河锦绣，国泰民安。祝您国庆快乐，出行平安！' },
];

const DEMO: Record<string, { owner: string; festivals: DemoFestival[] }> = {
  '000000': {
    owner: SEED.adminUserId,
    festivals: [
      ...TRADITIONAL,
      // 清明 is a day of remembrance: a greeting poster would be out of place, so it is kept but off.
      { name: '清明节', date: '04-05', poster: 'poster-3.jpg', greeting: '清明时节，缅怀先人，珍惜当下。', status: DISABLED },
      { name: '布雷德科技成立纪念日', date: '06-18', poster: 'poster-4.jpg', greeting: '感谢一路同行！布雷德科技成立十周年，与您共创下一个十年。', company: '布雷德科技' },
    ],
  },
  [DEMO_TENANT.tenantId]: {
    owner: DEMO_TENANT.adminUserId,
    festivals: [
      ...TRADITIONAL.map((f) => (f.name === '中秋节（农历八月十五）' ? { ...f, greeting: '一盏清茶，一轮明月。青禾与云杉祝您中秋团圆，岁岁安康。' } : f)),
      { name: '七夕节（农历七月初七）', date: '08-08', poster: 'poster-2.jpg', greeting: '金风玉露一相逢，祝天下有情人终成眷属。', status: DISABLED },
      { name: '青禾开茶节', date: '03-20', poster: 'poster-6.jpg', greeting: '明前新茶开采啦！诚邀您来青禾茶园品第一口春茶。', company: '青禾茶业' },
    ],
  },
};

export async function seedFestivals(tx: Tx, ctx: ServerContext): Promise<void> {
  const repo = crudRepo(festivalEntity, ctx.ids);
  for (const [tenantId, { owner, festivals }] of Object.entries(DEMO)) {
    if (!(await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [tenantId]))) continue;
    const actor = { tenantId, userId: owner, deptIds: [] };
    const companies = new Map(
      (await tx.query<{ id: string; name: string }>(`select id::text as id, name from blade_company where tenant_id = $1 and is_deleted = 0`, [tenantId])).map((c) => [c.name, c.id]),
    );
    // Each poster once per tenant, as an upload would be, whichever festivals share it.
    const posters = new Map<string, string>();
    const posterLink = async (file: string) => {
      if (!posters.has(file)) {
        const bytes = new Uint8Array(readFileSync(new URL(`../demo/${file}`, import.meta.url)));
        const type = sniffImage(bytes);
        if (!type) throw new Error(`Demo poster ${file} is neither PNG nor JPEG.`);
        posters.set(file, (await storeFile(tx, ctx, actor, bytes, type, file)).link);
      }
      return posters.get(file)!;
    };
    for (const [index, festival] of festivals.entries()) {
      const companyId = festival.company ? companies.get(festival.company) : undefined;
      if (festival.company && !companyId) continue; // its company was not seeded
      await repo.insert(
        tx,
        actor,
        {
          name: festival.name,
          date: festival.date,
          greeting: festival.greeting,
          poster: await posterLink(festival.poster),
          scope: companyId ? CHOSEN_COMPANIES : ALL_COMPANIES,
          companyIds: companyId ?? '',
          status: festival.status ?? ENABLED,
          sort: index + 1,
        },
        ctx.now(),
      );
    }
  }
}
