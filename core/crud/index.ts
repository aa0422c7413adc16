/**
 * The CRUD kit: a list screen from an entity definition (core/schema/entity.ts), and its parts for
 * screens written by hand. Lazily loaded with the screens that use it (never on /login).
 */
export { CrudPage, type CrudPageProps, type CrudContext, type RowAction } from './CrudPage';
export { useCrudCan, useGranted, type CrudAction } from './useCrudCan';
export { AddDeleteButtons, CrudToolbar } from './CrudToolbar';
export { CrudTable, type CrudTableProps, type CellRenderer } from './CrudTable';
export { CrudDialog, DIALOG_WIDTH, defaultRow, saveBody, type CrudDialogProps, type DialogState, type FormOverrides } from './CrudDialog';
export { DialogFooter, type DialogFooterProps } from './DialogFooter';
export { RecordDialog, DialogOpenings, type RecordDialogProps, type DialogOpeningProps } from './RecordDialog';
export { useRecordDialog, type RecordDialogOptions, type RecordDialogState } from './useRecordDialog';
export { LoadState, type LoadStateProps } from './LoadState';
export { ImportDialog, IMPORT_MAX_BYTES, type ImportDialogProps, type ImportDialogTexts } from './ImportDialog';
export { saveBlob } from './exportRows';
export { useDialogOpenings, type DialogOpening } from './useDialogOpenings';
export { EntityForm, isSubmitEnter, type EntityFormProps, type DynamicFields } from './EntityForm';
export { FieldLabel, formColumns, ViewValue, type ViewValueProps } from './FieldLabel';
export { SearchForm, type SearchFormProps } from './SearchForm';
export { useCrudList, PAGE_SIZES, DEFAULT_PAGE_SIZE, type CrudList, type CrudListOptions, type LazyChildren } from './useCrudList';
export { readListState, writeListState, useListState, type ListState } from './listState';
export { IconPicker, MENU_ICON_NAMES, type IconPickerProps } from './IconPicker';
export {
  useDictionary,
  useDictionaries,
  loadDictionary,
  dictionaryQuery,
  dictionaryResource,
  dictOptions,
  choiceLabel,
  type DictItem,
  type ChoiceOption,
  type DictSource,
} from './dictionary';
export { DictionarySourceContext } from './dictionary-source';
export { confirmRemove, type ConfirmRemoveOptions } from './remove';
export { removeRows, fetchList, fetchDetail, saveRow, entityUrl, asPage, entityListQuery, entityDetailQuery } from './api';
export { resourceKey, invalidateResource, query, queryKey, fetchQuery, useQuery, useQueries, REFERENCE_CACHE_MS, type Query, type QueryState, type QueriesState } from './data';
export { type RowOf, type FieldValue, type AuditFields } from './rows';
export { filterParams, sortParams, listQuery, searchFields, filterKeys, searchValuesOf, CREATE_TIME_RANGE, DATE_FORMAT, DATETIME_FORMAT, type Row, type Filters, type SearchValues, type SortState } from './query';
export { fieldControl, fieldRules, fieldLabel, fieldPlaceholder, fieldSpan, formFields, listFields, cellText, type FormMode } from './fields';
export { useFieldChoices, type FieldChoices, type SourceState } from './choices';
export { sourceQuery, sourceResource, sourceOptions, sourceRows } from './source';
export { ImageUpload, type ImageUploadProps } from './controls/ImageUpload';
export { ImagesWall, type ImagesWallProps } from './controls/ImagesWall';
export { ImagePicker, type ImagePickerProps } from './controls/ImagePicker';
export { ImageThumb, ImageTile, type ImageTileProps } from './controls/ImageTile';
export { RichTextView, richTextPlain } from './controls/RichTextView';
export { RichTextInput } from './controls/RichTextInput';
export type { RichTextEditorProps } from './controls/RichTextEditor';
export { uploadImage, imageFileError, isUploadCancelled, linkList, PUT_FILE_URL, IMAGE_MAX_BYTES, type ImageUploadTarget, type UploadWatch } from './controls/upload';
export { UploadProgressBar, type UploadProgressBarProps } from './controls/UploadProgressBar';
export { useUploadFocus } from './controls/useUploadFocus';
export { crudMessages } from './locales';
