//! Who hears what: public announcements and the VI player's private information.
//!
//! Appendix D has moves announced aloud for both players (D.2.1), while the time, the move
//! count and other answers are for the VI player who asked (D.2.6.1, D.2.10.4). With one
//! headphone socket per player (as on the DGT Echo) or a headset on one side of a stereo
//! jack, the two audiences go to different devices or channels. Routing is configuration:
//!
//! ```toml
//! [audio]
//! public = { device = "default", channel = "both" }
//! player = { device = "USB Headset", channel = "left" }
//! ```

use serde::Deserialize;

/// Who an announcement is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Audience {
    /// Everyone at the board: move announcements, errors the arbiter must hear.
    Public,
    /// The VI player only: answers to the player's questions, time and move counts.
    Player,
}

/// Which side of a stereo output carries the sound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    /// Both sides: a speaker, or headphones for one listener.
    #[default]
    Both,
    /// The left side only: a headset on one side of a stereo jack, the other side left free
    /// for the other audience.
    Left,
    /// The right side only, likewise.
    Right,
}

/// A device (by name, as the sound system lists it; none for the default device) and a side.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Destination {
    /// The device's name or part of it; `None` (or "default") for the system's default.
    #[serde(default)]
    pub device: Option<String>,
    /// The side of that device the audience hears.
    #[serde(default)]
    pub channel: Channel,
}

/// Where each audience is heard. By default both go to the default device on both sides.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Routing {
    /// Where move announcements are heard, by both players and the arbiter.
    #[serde(default)]
    pub public: Destination,
    /// Where the VI player's private answers are heard.
    #[serde(default)]
    pub player: Destination,
}

impl Routing {
    /// Where `audience` is heard: the one place a sound's audience becomes a device and side.
    pub fn destination(&self, audience: Audience) -> &Destination {
        match audience {
            Audience::Public => &self.public,
            Audience::Player => &self.player,
        }
    }

    /// The distinct device names the routing needs opened (`None`: the default device).
    pub fn devices(&self) -> Vec<Option<&str>> {
        let mut out = vec![self.public.device.as_deref()];
        let player = self.player.device.as_deref();
        if !out.contains(&player) {
            out.push(player);
        }
        out
    }
}

impl Destination {
    /// Whether this destination names the same device as `other` (names compared as the
    /// sound system would, ignoring case; "default" is the default device).
    pub fn same_device(&self, other: &Destination) -> bool {
        let norm = |d: &Option<String>| {
            d.as_deref()
                .map(str::trim)
                .filter(|n| !n.eq_ignore_ascii_case("default"))
                .map(str::to_lowercase)
        };
        norm(&self.device) == norm(&other.device)
    }
}

/// Mono samples spread over `channels` interleaved channels: the same sound on every channel
/// for [`Channel::Both`], or only on the first (left) or second (right) channel, the others
/// silent. On a mono device every channel choice plays.
pub fn interleave(mono: &[f32], channels: u16, channel: Channel) -> Vec<f32> {
    let channels = usize::from(channels.max(1));
    let mut out = vec![0.0f32; mono.len() * channels];
    for (frame, &s) in out.chunks_exact_mut(channels).zip(mono) {
        match (channel, channels) {
            (_, 1) | (Channel::Both, _) => frame.fill(s),
            (Channel::Left, _) => frame[0] = s,
            (Channel::Right, _) => frame[1] = s,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_routing_from_config_and_defaults_the_rest() {
        let r: Routing = toml::from_str(
            "public = { device = \"default\" }\nplayer = { device = \"USB Headset\", channel = \"left\" }",
        )
        .unwrap();
        assert_eq!(r.destination(Audience::Public).channel, Channel::Both);
        assert_eq!(r.destination(Audience::Player).channel, Channel::Left);
        assert_eq!(r.devices(), vec![Some("default"), Some("USB Headset")]);
        assert!(!r.public.same_device(&r.player));
        assert_eq!(Routing::default().devices(), vec![None]);
        assert!(Destination::default().same_device(&r.public));
        assert!(toml::from_str::<Routing>("public = { channel = \"middle\" }").is_err());
    }

    #[test]
    fn puts_each_audience_on_its_side() {
        let mono = [0.5, -0.25];
        assert_eq!(
            interleave(&mono, 2, Channel::Both),
            vec![0.5, 0.5, -0.25, -0.25]
        );
        assert_eq!(
            interleave(&mono, 2, Channel::Left),
            vec![0.5, 0.0, -0.25, 0.0]
        );
        assert_eq!(
            interleave(&mono, 2, Channel::Right),
            vec![0.0, 0.5, 0.0, -0.25]
        );
        assert_eq!(interleave(&mono, 1, Channel::Right), vec![0.5, -0.25]);
        assert_eq!(
            interleave(&mono, 4, Channel::Right)[..4],
            [0.0, 0.5, 0.0, 0.0]
        );
    }
}
