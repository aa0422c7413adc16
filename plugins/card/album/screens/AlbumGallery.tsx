import { useState } from 'react';
import { Image } from '@arco-design/web-react';
import { useTranslation } from '../../../../core/sdk/browser';
import type { AlbumImage } from '../entity';

/** An album being viewed: its pictures in order with their captions; a click shows them large, one after another. */
export function AlbumGallery({ images, cover }: { images: readonly AlbumImage[]; cover: string }) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<number | null>(null);
  return (
    <section className="ba-album-board" aria-label={t('card.album.gallery')}>
      <header className="ba-album-board-head">
        <h3>
          {t('card.album.gallery')}
          <span className="ba-album-board-count">{t('card.album.imageCount', { count: images.length })}</span>
        </h3>
      </header>
      <ol className="ba-album-tiles is-gallery">
        {images.map((image, index) => {
          const name = t('card.album.picture', { n: index + 1 });
          return (
            <li key={image.id ?? `${index}:${image.link}`} className="ba-album-tile">
              <button type="button" className="ba-album-tile-handle" aria-label={`${t('card.album.preview')}: ${image.caption || name}`} onClick={() => setPreviewing(index)}>
                <img src={image.thumbLink || image.link} alt={image.caption || name} loading="lazy" />
                <span className="ba-album-tile-index">{index + 1}</span>
                {cover && image.link === cover ? <span className="ba-album-tile-cover">{t('card.album.isCover')}</span> : null}
              </button>
              <p className="ba-album-tile-caption" title={image.caption}>
                {image.caption || '-'}
              </p>
            </li>
          );
        })}
      </ol>
      <Image.PreviewGroup
        srcList={images.map((image) => image.link)}
        current={previewing ?? 0}
        onChange={setPreviewing}
        visible={previewing !== null}
        onVisibleChange={(open) => setPreviewing(open ? (previewing ?? 0) : null)}
      />
    </section>
  );
}
