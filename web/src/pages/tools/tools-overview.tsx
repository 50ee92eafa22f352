import { Link } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import { paths } from '../../paths.ts';
import { TemplateBox } from './template-box.tsx';

const t = msg.tools.ui;

/** `/tools`: the admin's import tools. */
export function ToolsOverview() {
  return (
    <section className="card stack">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <ul className="stack">
        <li><Link to={paths.toolsJsonErstellen}>{t.csvToJson}</Link> <span className="muted">– {t.csvToJsonInfo}</span></li>
        <li><Link to={paths.toolsKonvertieren}>{t.convert}</Link> <span className="muted">– {t.convertInfo}</span></li>
      </ul>
      <TemplateBox />
    </section>
  );
}
