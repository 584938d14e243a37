//! storyreel-sim over real HTTP: every endpoint, status code and lifecycle the API promises.

mod support;

mod advance;
mod alt_api;
mod alt_jobs;
mod alt_media;
mod answer_late;
mod approve;
mod auth;
mod binary;
mod control_access;
mod create;
mod faults;
mod lifecycle;
mod many_projects;
mod media_cors_site;
mod projects;
mod regenerate_upscale;
mod speed;
