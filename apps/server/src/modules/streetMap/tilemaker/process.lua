-- Chelian street map: OpenStreetMap tags -> the layers of config.json (road, water, waterway, green,
-- building, poi, housenumber, place, boundary). Names: name:zh first, then name, so labels read in
-- Chinese wherever the data has it. tilemaker 2.2 Lua API (objects passed to each function).

node_keys = { "amenity", "shop", "tourism", "office", "leisure", "historic", "healthcare", "railway", "place", "addr:housenumber" }

function Set(list)
  local set = {}
  for _, l in ipairs(list) do set[l] = true end
  return set
end

-- Road classes and the zoom each first shows at.
roadMinZoom = {
  motorway = 5, trunk = 6, primary = 8, secondary = 9, tertiary = 11,
  motorway_link = 10, trunk_link = 10, primary_link = 11, secondary_link = 12, tertiary_link = 12,
  unclassified = 12, residential = 13, living_street = 13, road = 13,
  service = 14, pedestrian = 14, footway = 14, path = 14, cycleway = 14, track = 14, steps = 14
}
roadClass = {
  motorway = "motorway", motorway_link = "motorway", trunk = "trunk", trunk_link = "trunk",
  primary = "primary", primary_link = "primary", secondary = "secondary", secondary_link = "secondary",
  tertiary = "tertiary", tertiary_link = "tertiary", unclassified = "minor", residential = "minor",
  living_street = "minor", road = "minor", service = "service", pedestrian = "path", footway = "path",
  path = "path", cycleway = "path", track = "path", steps = "path"
}
greenLanduse = Set { "forest", "grass", "meadow", "recreation_ground", "village_green", "cemetery", "orchard" }
greenLeisure = Set { "park", "garden", "nature_reserve", "golf_course", "pitch", "playground" }
greenNatural = Set { "wood", "scrub", "grassland", "heath" }
waterwayClass = Set { "river", "canal", "stream", "drain", "ditch" }
placeMinZoom = { city = 2, town = 8, district = 9, county = 9, suburb = 11, village = 12, neighbourhood = 13, quarter = 13, hamlet = 13 }
poiKeys = { "amenity", "shop", "tourism", "office", "leisure", "historic", "healthcare", "railway" }

function NameOf(obj)
  local zh = obj:Find("name:zh")
  if zh ~= "" then return zh end
  local hans = obj:Find("name:zh-Hans")
  if hans ~= "" then return hans end
  return obj:Find("name")
end

function PoiClassOf(obj)
  for _, k in ipairs(poiKeys) do
    local v = obj:Find(k)
    if v ~= "" then return k, v end
  end
  return nil, nil
end

function node_function(node)
  local name = NameOf(node)
  local place = node:Find("place")
  if place ~= "" and placeMinZoom[place] and name ~= "" then
    node:Layer("place", false)
    node:Attribute("class", place)
    node:Attribute("name", name)
    node:MinZoom(placeMinZoom[place])
    return
  end
  local key, value = PoiClassOf(node)
  if key and name ~= "" then
    node:Layer("poi", false)
    node:Attribute("class", key)
    node:Attribute("subclass", value)
    node:Attribute("name", name)
    return
  end
  local housenumber = node:Find("addr:housenumber")
  if housenumber ~= "" then
    node:Layer("housenumber", false)
    node:Attribute("housenumber", housenumber)
  end
end

function relation_scan_function(relation)
  if relation:Find("type") == "boundary" and relation:Find("boundary") == "administrative" then
    relation:Accept()
  end
end

function way_function(way)
  local highway = way:Find("highway")
  local waterway = way:Find("waterway")
  local natural = way:Find("natural")
  local landuse = way:Find("landuse")
  local leisure = way:Find("leisure")
  local building = way:Find("building")
  local isClosed = way:IsClosed()
  local name = NameOf(way)

  -- administrative boundaries: the ways of boundary relations (and ways tagged as boundaries)
  local adminLevel = 99
  while true do
    local rel = way:NextRelation()
    if not rel then break end
    adminLevel = math.min(adminLevel, tonumber(way:FindInRelation("admin_level")) or 99)
  end
  if way:Find("boundary") == "administrative" then
    adminLevel = math.min(adminLevel, tonumber(way:Find("admin_level")) or 99)
  end
  if adminLevel <= 8 and way:Find("maritime") ~= "yes" then
    way:Layer("boundary", false)
    way:AttributeNumeric("admin_level", adminLevel)
    if adminLevel <= 4 then way:MinZoom(2) elseif adminLevel <= 6 then way:MinZoom(8) else way:MinZoom(11) end
  end

  if highway ~= "" and roadClass[highway] then
    local access = way:Find("access")
    if access == "private" or access == "no" then return end
    way:Layer("road", false)
    way:Attribute("class", roadClass[highway])
    if name ~= "" then way:Attribute("name", name) end
    way:MinZoom(roadMinZoom[highway])
    return
  end

  if waterway ~= "" and waterwayClass[waterway] and not isClosed then
    way:Layer("waterway", false)
    way:Attribute("class", waterway)
    if name ~= "" then way:Attribute("name", name) end
    if waterway == "river" or waterway == "canal" then way:MinZoom(8) else way:MinZoom(12) end
    return
  end

  if natural == "water" or natural == "bay" or landuse == "reservoir" or landuse == "basin" or waterway == "riverbank" then
    way:Layer("water", true)
    if name ~= "" then way:Attribute("name", name) end
    SetMinZoomByArea(way, 6)
    return
  end

  if greenLanduse[landuse] or greenLeisure[leisure] or greenNatural[natural] then
    way:Layer("green", true)
    if name ~= "" then way:Attribute("name", name) end
    SetMinZoomByArea(way, 8)
  end

  if building ~= "" then
    way:Layer("building", true)
  end

  -- named places drawn as areas (a mall, a school, an office tower) get a POI at their centre
  local key, value = PoiClassOf(way)
  if name ~= "" and (key or (building ~= "" and isClosed)) then
    way:LayerAsCentroid("poi")
    way:Attribute("class", key or "building")
    way:Attribute("subclass", value or building)
    way:Attribute("name", name)
  elseif building ~= "" and way:Find("addr:housenumber") ~= "" then
    way:LayerAsCentroid("housenumber")
    way:Attribute("housenumber", way:Find("addr:housenumber"))
  end
end

-- Large areas show from far out, small ones only near: area in square degrees-ish units of tilemaker.
function SetMinZoomByArea(way, lowest)
  local area = way:Area()
  local mz = 14
  if area > 1e8 then mz = 6 elseif area > 1e7 then mz = 8 elseif area > 1e6 then mz = 10 elseif area > 1e5 then mz = 12 end
  if mz < lowest then mz = lowest end
  way:MinZoom(mz)
end
