import { CrudPage } from '../../../core/sdk/browser';
import { postEntity } from '../entities';

/** /system/post: category (dictionary post_category), code, name, order; add, edit, view, delete by permission code. */
export default function PostPage() {
  return <CrudPage entity={postEntity} rowActions={['view', 'edit', 'delete']} />;
}
