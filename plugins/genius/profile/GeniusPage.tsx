import { CrudPage, type FormMode } from '../../../core/sdk/browser';
import { geniusEntity } from './entity';
import { TagList, TagsInput } from './TagsInput';
import './genius.css';

/** The form's order: who the genius is, what the service costs, then how it is shown. */
const FORM_FIELDS = ['name', 'avatar', 'category', 'title', 'servicePrice', 'status', 'sort', 'tags', 'introduction'];

/**
 * /genius/list: the kit's list screen for geniuses (avatars, prices in yuan, state tags), with tags shown
 * as tags and typed one by one in the form. The order count is the server's: shown, never edited.
 */
export default function GeniusPage() {
  const form = (mode: FormMode) => (mode === 'view' ? { fields: [...FORM_FIELDS, 'orderCount'] } : { fields: FORM_FIELDS, controls: { tags: <TagsInput /> } });
  return (
    <CrudPage
      entity={geniusEntity}
      // The list shows the first two tags and how many more; the details show them all.
      table={{ cells: { tags: (value) => <TagList value={value} max={2} /> } }}
      dialog={{ form, cells: { tags: (value) => <TagList value={value} /> } }}
      iconActions
    />
  );
}
