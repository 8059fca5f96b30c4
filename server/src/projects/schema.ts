/** The projects and their assets (migration 2): keyed by (owner, id), so a copied id never reaches, or reveals, another owner's project. */
export const PROJECTS_MIGRATION = `
      create table projects (
        owner text not null,
        id text not null,
        type text not null check (type in ('project','cutouts')),
        name text not null default '',
        doc jsonb not null,
        revision integer not null default 1,
        canvas_w integer not null default 0,
        canvas_h integer not null default 0,
        layer_count integer not null default 0,
        thumbnail_key text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        deleted_at timestamptz,
        primary key (owner, id)
      );
      create index projects_list_idx on projects (owner, type, updated_at desc) where deleted_at is null;
      create table project_assets (
        owner text not null,
        project_id text not null,
        asset_id text not null,
        content_type text not null,
        size_bytes integer not null,
        storage_key text not null,
        created_at timestamptz not null default now(),
        primary key (owner, project_id, asset_id),
        foreign key (owner, project_id) references projects (owner, id) on delete cascade
      );
    `;
