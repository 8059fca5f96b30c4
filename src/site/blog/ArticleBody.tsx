/** Renders the blocks of a parsed article with React (no HTML strings). */
import type { Block, Inline } from './markdown';
import { LocalLink } from '../../components/LocalLink';

function InlineText({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, index) => {
        if (part.type === 'strong') return <strong key={index}>{part.text}</strong>;
        if (part.type === 'link') {
          // App paths get the language prefix; anything else opens as a normal external link.
          return part.href.startsWith('/') ? (
            <LocalLink key={index} to={part.href} className="text-link">
              {part.text}
            </LocalLink>
          ) : (
            <a key={index} href={part.href} className="text-link" rel="noopener noreferrer">
              {part.text}
            </a>
          );
        }
        return <span key={index}>{part.text}</span>;
      })}
    </>
  );
}

export function ArticleBody({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'heading':
            return block.level === 2 ? <h2 key={index}>{block.text}</h2> : <h3 key={index}>{block.text}</h3>;
          case 'paragraph':
            return (
              <p key={index}>
                <InlineText parts={block.content} />
              </p>
            );
          case 'image':
            return <img key={index} src={block.src} alt={block.alt} loading="lazy" className="article__image" />;
          case 'list': {
            const items = block.items.map((item, i) => (
              <li key={i}>
                <InlineText parts={item} />
              </li>
            ));
            return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
          }
        }
      })}
    </>
  );
}
